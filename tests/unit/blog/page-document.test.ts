/** The blog page's HTML document: what an article says reaches the page as text, `$` patterns included. */
import { describe, expect, it } from 'vitest';
import { pageDocument } from '../../../server/blog/html';

describe('pageDocument', () => {
  it("keeps a title's and description's $ patterns as written", () => {
    const html = pageDocument(
      null,
      { title: "Price $& and $' tricks", description: 'Save $$ <now>', canonical: 'https://pod.example/blog/x' },
      'https://pod.example',
      '<p>body $1</p>',
    );
    expect(html).toContain('<title>Price $&amp; and $&#39; tricks | POD Studio</title>');
    expect(html).toContain('content="Save $$ &lt;now&gt;"');
    expect(html).toContain('<div id="root"><p>body $1</p></div>');
  });
});
