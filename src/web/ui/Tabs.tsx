import { type KeyboardEvent, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import './ui.css';

export interface TabItem {
  key: string;
  label: string;
}

/** Tabs as buttons (arrow keys move between them, as the ARIA tabs pattern says). */
export function Tabs({
  items,
  active,
  onChange,
  label,
}: {
  items: TabItem[];
  active: string;
  onChange: (key: string) => void;
  label: string;
}) {
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const onKeyDown = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + items.length) % items.length;
    refs.current[next]?.focus();
    onChange(items[next].key);
  };
  return (
    <div className="tabs" role="tablist" aria-label={label}>
      {items.map((item, i) => (
        <button
          key={item.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          className="tab"
          aria-selected={item.key === active}
          tabIndex={item.key === active ? 0 : -1}
          onClick={() => onChange(item.key)}
          onKeyDown={(e) => onKeyDown(e, i)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

/** Tabs that are routes: each tab is a link, the active one follows the current route. */
export function LinkTabs({ items, label }: { items: Array<TabItem & { to: string }>; label: string }) {
  return (
    <nav className="tabs" aria-label={label}>
      {items.map((item) => (
        <NavLink
          key={item.key}
          to={item.to}
          className="tab"
          aria-selected={undefined}
          style={({ isActive }) =>
            isActive
              ? { color: 'var(--c-primary)', borderBottomColor: 'var(--c-primary)', fontWeight: 600 }
              : undefined
          }
        >
          {item.label}
        </NavLink>
      ))}
    </nav>
  );
}
