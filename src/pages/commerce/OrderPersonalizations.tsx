/**
 * The personalised lines of an order: what each buyer filled in, and the line's print file,
 * rendered here by the engine's render worker from the design with the buyer's values put in
 * (the same composition path as every print file), one PNG per print area, to look at and
 * download.
 */
import { useEffect, useState } from 'react';
import type { OrderItem } from '../../api/commerce';
import { personalizationApi, type PersonalizedLine } from '../../api/personalization';
import { startRenderWorker } from '../../../workers/client';
import './order-personalizations.css';

/** Print resolution of the files rendered here. */
const PRINT_DPI = 150;

interface PrintFile {
  flatId: string;
  url: string;
}

function PrintFiles({ orderId, item }: { orderId: number; item: OrderItem }) {
  const [state, setState] = useState<{ busy: boolean; error: string; files: PrintFile[] }>({ busy: false, error: '', files: [] });
  useEffect(() => () => state.files.forEach((f) => URL.revokeObjectURL(f.url)), [state.files]);

  const render = async () => {
    setState({ busy: true, error: '', files: [] });
    const res = await personalizationApi.printDesign(orderId, item.id);
    if (res.code !== 200 || !res.data) return setState({ busy: false, error: res.msg || 'The print file could not be made', files: [] });
    const { template, design, flatIds } = res.data;
    const worker = startRenderWorker();
    try {
      const files: PrintFile[] = [];
      for (const flatId of flatIds) {
        const blob = await worker.api.exportPrintFile(template, design, flatId, PRINT_DPI);
        files.push({ flatId, url: URL.createObjectURL(blob) });
      }
      setState({ busy: false, error: '', files });
    } catch (err) {
      setState({
        busy: false,
        error: `The print file could not be rendered: ${err instanceof Error ? err.message : String(err)}`,
        files: [],
      });
    } finally {
      worker.terminate();
    }
  };

  return (
    <div className="order-print-files">
      <button
        type="button"
        className="btn"
        disabled={state.busy}
        onClick={() => void render()}
        aria-label={`Render the print file of ${item.title}`}
      >
        {state.busy ? 'Rendering…' : 'Render print file'}
      </button>
      {state.error && (
        <p className="form-error" role="alert">
          {state.error}
        </p>
      )}
      {state.files.map((f) => (
        <figure key={f.flatId}>
          <img src={f.url} alt={`Print file of ${item.title} (${f.flatId})`} className="order-print-file" />
          <figcaption>
            <a href={f.url} download={`${item.sku || item.title}-${f.flatId}.png`}>
              Download print file ({f.flatId}, PNG)
            </a>
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

export function OrderPersonalizations({ orderId, items }: { orderId: number; items: readonly OrderItem[] }) {
  const [lines, setLines] = useState<PersonalizedLine[]>([]);
  useEffect(() => {
    let live = true;
    void personalizationApi.lines(orderId).then((res) => {
      if (live && res.code === 200 && res.data) setLines(res.data);
    });
    return () => {
      live = false;
    };
  }, [orderId]);
  if (lines.length === 0) return null;
  return (
    <section aria-labelledby="order-personal-title" className="order-personalizations">
      <h3 id="order-personal-title">Personalisation</h3>
      <ul>
        {lines.map((line) => {
          const item = items.find((i) => i.id === line.orderItemId);
          if (!item) return null;
          return (
            <li key={line.orderItemId} aria-label={`Personalisation of ${item.title}`}>
              <strong>{item.title}</strong> · {item.variantTitle}
              {line.lines.length > 0 && (
                <dl className="order-personal-values">
                  {line.lines.map((l) => (
                    <div key={l.label}>
                      <dt>{l.label}</dt>
                      <dd>{l.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {line.problem && (
                <p className="muted">The buyer&apos;s values could not be used ({line.problem}): this line prints as designed.</p>
              )}
              <PrintFiles orderId={orderId} item={item} />
            </li>
          );
        })}
      </ul>
    </section>
  );
}
