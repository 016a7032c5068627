/**
 * Whether the window is a phone's width (below 720 px), followed live: read by what folds on a phone in script
 * rather than in CSS (a <details> is open or closed in the DOM, not in a style sheet).
 */
import { useSyncExternalStore } from 'react';
import { isPhoneWidth, onPhoneWidthChange } from '../../playground/browser.ts';

export const usePhoneWidth = (): boolean => useSyncExternalStore(onPhoneWidthChange, isPhoneWidth, () => false);
