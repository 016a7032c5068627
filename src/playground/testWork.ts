/** A work with something edited in every part: a scenario, the attack, the exercise. For the tests. */
import { builtinDoc, initialWork, type Work } from './work.ts';

export const edited = (): Work => {
  const w = initialWork();
  const doc = builtinDoc('search_kb.hits');
  if (doc === null) throw new Error('no doc');
  const items = [...w.exercise.items];
  items[2] = { ...(items[2] as NonNullable<(typeof items)[number]>), handlerText: '{"kind": "exception"}' };
  return {
    ...w,
    mode: 'attack',
    attackId: 'A3',
    docs: {
      'search_kb.hits': {
        ...doc,
        handlerText: doc.handlerText.replace('refund policy', 'refund policy 退款 <b>x</b>'),
      },
    },
    exercise: { items, activeIndex: 2, sealed: [null, null, null, null, null] },
  };
};
