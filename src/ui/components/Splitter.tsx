/**
 * A draggable, keyboard-operable splitter (WAI-ARIA "window splitter"): it
 * reports a percentage of its parent; arrows move it by 2, Home and End go to
 * the limits.
 */
import { useRef, type JSX, type KeyboardEvent, type PointerEvent } from 'react';
import styles from './Splitter.module.css';

export interface SplitterProps {
  /** `vertical`: a bar between columns (drag sideways); `horizontal`: between rows. */
  orientation: 'vertical' | 'horizontal';
  value: number;
  min: number;
  max: number;
  label: string;
  onChange(value: number): void;
  /** The element whose size the percentage is of; defaults to the parent. */
  container?: () => HTMLElement | null;
}

export function Splitter({ orientation, value, min, max, label, onChange, container }: SplitterProps): JSX.Element {
  const ref = useRef<HTMLDivElement>(null);
  const clamp = (v: number) => Math.round(Math.min(max, Math.max(min, v)) * 10) / 10;

  const fromPointer = (e: PointerEvent<HTMLDivElement>) => {
    const box = (container?.() ?? ref.current?.parentElement)?.getBoundingClientRect();
    if (box === undefined || box.width === 0 || box.height === 0) return;
    const v =
      orientation === 'vertical'
        ? ((e.clientX - box.left) / box.width) * 100
        : ((e.clientY - box.top) / box.height) * 100;
    onChange(clamp(v));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const dec = orientation === 'vertical' ? 'ArrowLeft' : 'ArrowUp';
    const inc = orientation === 'vertical' ? 'ArrowRight' : 'ArrowDown';
    let next: number | null = null;
    if (e.key === dec) next = value - 2;
    else if (e.key === inc) next = value + 2;
    else if (e.key === 'Home') next = min;
    else if (e.key === 'End') next = max;
    if (next !== null) {
      e.preventDefault();
      onChange(clamp(next));
    }
  };

  return (
    <div
      ref={ref}
      className={`${styles.splitter} ${styles[orientation]}`}
      role="separator"
      tabIndex={0}
      aria-orientation={orientation}
      aria-label={label}
      aria-valuenow={Math.round(value)}
      aria-valuemin={min}
      aria-valuemax={max}
      onKeyDown={onKeyDown}
      onPointerDown={(e) => {
        e.currentTarget.setPointerCapture(e.pointerId);
        e.preventDefault();
      }}
      onPointerMove={(e) => {
        if (e.currentTarget.hasPointerCapture(e.pointerId)) fromPointer(e);
      }}
      onPointerUp={(e) => e.currentTarget.releasePointerCapture(e.pointerId)}
    />
  );
}
