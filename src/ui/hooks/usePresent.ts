/**
 * Whether the page is presenting (`&present=1`,
 * docs/decisions.md#the-first-visit-the-classroom-and-the-phone): read by what sizes
 * itself in script rather than in CSS (Monaco measures its own font).
 */
import { createContext, useContext } from 'react';

export const PresentContext = createContext(false);

export const usePresent = (): boolean => useContext(PresentContext);
