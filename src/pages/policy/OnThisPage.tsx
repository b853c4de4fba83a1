/** The contents list at the top of a policy page: one link per section. */
export function OnThisPage({ sections }: { sections: readonly { id: string; label: string }[] }) {
  return (
    <nav aria-label="On this page">
      <ul>
        {sections.map((section) => (
          <li key={section.id}>
            <a href={`#${section.id}`}>{section.label}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
