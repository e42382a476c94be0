import fixture from '../../../../schemas/documents/invoice/fixtures/valid/01-standard.json';
import { computeLine } from '../../../../src/engine/lines';

/**
 * A valid invoice with n product lines (deterministic), built on the first valid fixture's header.
 * Shared by both bench pages so they render exactly the same document.
 */
export function makeInvoice(n: number) {
  const lines = Array.from({ length: n }, (_, i) =>
    computeLine({
      OrdNo: i + 1,
      CatalogCode: i % 2 ? '10112008001000001' : '00902001001031001',
      CatalogName: i % 2 ? 'Транспортно-логистические услуги' : 'Зеленый чай',
      Name: `Product ${i + 1}`,
      Barcode: '',
      PackageCode: i % 2 ? '1209782' : '1392342',
      PackageName: i % 2 ? 'услуга (сум)' : 'шт. (коробка) 100 грамм',
      Count: (i % 7) + 1,
      Summa: 1000 + (i % 13) * 250.5,
      DeliverySum: 0,
      VatRate: 12,
      VatSum: 0,
      DeliverySumWithVat: 0,
      WithoutVat: false,
      Origin: (i % 4) + 1,
    }),
  );
  return { ...fixture, ProductList: { ...fixture.ProductList, Products: lines } };
}

/** Instrumentation shared by both pages (see scripts/bench/form.ts for what is read). */
export function instrument() {
  const w = window as any;
  w.__marks = { scriptStart: performance.now() };
  w.__keys = { latencies: [] as number[], commits: [] as number[] };
  let keydownAt = 0;
  let key = '';
  // One MessageChannel message per event, each carrying its own start time (keys may queue up).
  // Chromium runs the frame an input asked for before this message: it lands after the key's frame.
  const channel = new MessageChannel();
  const queue: Array<{ kind: 'key' | 'commit'; start: number }> = [];
  channel.port1.onmessage = () => {
    const item = queue.shift();
    if (!item) return;
    const elapsed = performance.now() - item.start;
    if (item.kind === 'key') w.__keys.latencies.push(elapsed);
    else w.__keys.commits.push(elapsed);
  };
  addEventListener(
    'keydown',
    (e) => {
      keydownAt = e.timeStamp;
      key = e.key;
    },
    true,
  );
  document.addEventListener('input', () => {
    queue.push({ kind: 'key', start: keydownAt });
    channel.port2.postMessage(0);
  });
  w.__markCommit = () => {
    if (key !== 'Tab' && key !== 'Enter') return;
    document.body.offsetHeight;
    queue.push({ kind: 'commit', start: keydownAt });
    channel.port2.postMessage(0);
  };
}

export function markRendered() {
  requestAnimationFrame(() =>
    setTimeout(() => {
      const w = window as any;
      w.__marks.rendered = performance.now();
      w.__rendered = true;
    }, 0),
  );
}

export const lineCount = () => Number(new URLSearchParams(location.search).get('n') ?? 100);
