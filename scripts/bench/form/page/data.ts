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

/** The document a page renders: fetched JSON, started before the page's own chunks load. */
export async function fetchInvoice(): Promise<unknown> {
  const response = await fetch(`./invoice-${lineCount()}.json`);
  return response.json();
}

const afterFrame = (then: () => void) => requestAnimationFrame(() => setTimeout(then, 0));

/**
 * marks.rendered: the frame after React's first commit. marks.complete: the frame after the whole
 * form is mounted — a form that mounts its first screen first (aria-busy while the rest mounts)
 * reaches it later; for any other page both marks are the same frame.
 */
export function markRendered() {
  afterFrame(() => {
    const w = window as any;
    w.__marks.rendered = performance.now();
    const settle = () => {
      if (document.querySelector('#root [aria-busy="true"]')) return afterFrame(settle);
      w.__marks.complete = w.__marks.complete ?? performance.now();
      w.__rendered = true;
      // The runner waits for this message rather than polling the page while it loads.
      console.debug('bench:rendered');
    };
    settle();
  });
}

export const lineCount = () => Number(new URLSearchParams(location.search).get('n') ?? 100);
