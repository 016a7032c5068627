/**
 * Whether the page is presenting (`&present=1`,
 * docs/decisions.md#the-first-visit-the-classroom-and-the-phone): read by what sizes
 * itself in script rather than in CSS (Monaco measures its own font), and by every link the page writes:
 * {@link placeHref} is the one place an in-app address is made, so a teacher who follows any link keeps presenting.
 */
import { createContext, useContext } from 'react';
import { searchOf, type Place } from '../../playground/address.ts';
import { withPresent } from '../../playground/presentAddress.ts';

export const PresentContext = createContext(false);

export const usePresent = (): boolean => useContext(PresentContext);

/** The address of a place inside the app, presenting when the page is. */
export const placeHref = (place: Place, present: boolean): string => withPresent(searchOf(place), present);

/** {@link placeHref} for the page as it presents now: what a component uses for a link it writes itself. */
export function usePlaceHref(): (place: Place) => string {
  const present = usePresent();
  return (place) => placeHref(place, present);
}
