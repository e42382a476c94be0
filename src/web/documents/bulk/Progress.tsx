// One progress bar for uploads and jobs: determinate when the total is known.
export function ProgressBar({ value, label }: { value: number | null; label: string }) {
  const pct = value === null ? null : Math.max(0, Math.min(100, Math.round(value * 100)));
  return (
    <div className="bulk-progress">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pct ?? undefined}
        className={pct === null ? 'bulk-progress-bar indeterminate' : 'bulk-progress-bar'}
      >
        <span style={{ width: `${pct ?? 30}%` }} />
      </div>
      <span className="bulk-progress-label">
        {label}
        {pct !== null && ` — ${pct}%`}
      </span>
    </div>
  );
}
