import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem {
  key: string;
  label: ReactNode;
  panel: ReactNode;
}

interface TabsProps {
  /** Names the tablist for screen readers. */
  label: string;
  items: readonly TabItem[];
  selected: string;
  onSelect: (key: string) => void;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs; every
 * panel stays in the DOM (hidden) so each tab's aria-controls points at a real element.
 */
export const Tabs = ({ label, items, selected, onSelect }: TabsProps) => {
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selectedIndex = Math.max(
    0,
    items.findIndex((item) => item.key === selected),
  );

  const focusTab = (index: number) => {
    const wrapped = (index + items.length) % items.length;
    const item = items[wrapped];
    if (!item) return;
    onSelect(item.key);
    tabRefs.current[wrapped]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: selectedIndex + 1,
      ArrowLeft: selectedIndex - 1,
      Home: 0,
      End: items.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    focusTab(target);
  };

  return (
    <div className="tabs">
      <div className="tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((item, index) => {
          const active = index === selectedIndex;
          return (
            <button
              key={item.key}
              ref={(element) => {
                tabRefs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.key}`}
              aria-selected={active}
              aria-controls={`${baseId}-panel-${item.key}`}
              tabIndex={active ? 0 : -1}
              className={`tabs__tab${active ? ' tabs__tab--active' : ''}`}
              onClick={() => onSelect(item.key)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item, index) => (
        <div
          key={item.key}
          role="tabpanel"
          id={`${baseId}-panel-${item.key}`}
          aria-labelledby={`${baseId}-tab-${item.key}`}
          hidden={index !== selectedIndex}
          tabIndex={0}
          className="tabs__panel"
        >
          {index === selectedIndex ? item.panel : null}
        </div>
      ))}
    </div>
  );
};
