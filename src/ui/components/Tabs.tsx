/**
 * WAI-ARIA tabs with automatic activation: arrows, Home and End move between
 * tabs. Every panel stays mounted (hidden when not selected), so a form keeps
 * its focus targets and the problems list its scroll position.
 */
import {
  useImperativeHandle,
  useRef,
  type JSX,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps<K extends string> {
  id: string;
  label: string;
  items: readonly TabItem<K>[];
  selected: K;
  onSelect(key: K): void;
  /** Receives a handle that finds a tab. */
  handle?: Ref<TabsHandle<K>>;
}

export interface TabsHandle<K extends string> {
  /** The tab of a key, to focus it. */
  tab(key: K): HTMLButtonElement | undefined;
  /** The whole tab box, to scroll to it. */
  root(): HTMLDivElement | null;
}

/** A tab of a tab box, as a ref (null while the box is not mounted). */
export const tabRef = <K extends string>(
  handle: RefObject<TabsHandle<K> | null>,
  key: K,
): RefObject<HTMLButtonElement | null> => ({
  get current() {
    return handle.current?.tab(key) ?? null;
  },
});

/** The whole tab box, as a ref. */
export const tabsRootRef = <K extends string>(
  handle: RefObject<TabsHandle<K> | null>,
): RefObject<HTMLDivElement | null> => ({
  get current() {
    return handle.current?.root() ?? null;
  },
});

export function Tabs<K extends string>({ id, label, items, selected, onSelect, handle }: TabsProps<K>): JSX.Element {
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const root = useRef<HTMLDivElement>(null);
  useImperativeHandle(handle, () => ({ tab: (key: K) => refs.current.get(key), root: () => root.current }), []);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Relative to the tab that has focus (it may not be the selected one when focus was moved there directly).
    const focused = items.findIndex((x) => refs.current.get(x.key) === document.activeElement);
    const i = focused >= 0 ? focused : items.findIndex((x) => x.key === selected);
    let j: number | null = null;
    if (e.key === 'ArrowRight') j = (i + 1) % items.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + items.length) % items.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = items.length - 1;
    if (j === null) return;
    e.preventDefault();
    const k = (items[j] as TabItem<K>).key;
    onSelect(k);
    refs.current.get(k)?.focus();
  };
  return (
    <div ref={root} className="tabs" id={id}>
      <div className="tablist" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {items.map((it) => (
          <button
            key={it.key}
            ref={(el) => {
              if (el) refs.current.set(it.key, el);
              else refs.current.delete(it.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${it.key}`}
            aria-selected={it.key === selected}
            aria-controls={`${id}-panel-${it.key}`}
            tabIndex={it.key === selected ? 0 : -1}
            className="tab"
            onClick={() => onSelect(it.key)}
          >
            {it.label}
          </button>
        ))}
      </div>
      {items.map((it) => (
        <div
          key={it.key}
          role="tabpanel"
          id={`${id}-panel-${it.key}`}
          aria-labelledby={`${id}-tab-${it.key}`}
          hidden={it.key !== selected}
          className="tabpanel"
        >
          {it.content}
        </div>
      ))}
    </div>
  );
}
