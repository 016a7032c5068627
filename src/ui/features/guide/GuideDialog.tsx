/**
 * "Start here" (docs/decisions.md#the-first-visit-the-classroom-and-the-phone): on a first visit, the chapter's sections mapped to
 * the modes that teach them, each a real link. Reopened from Help.
 */
import type { JSX, MouseEvent } from 'react';
import type { Lang } from '../../../lang.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { COMPONENT_TEXT } from '../../components/text.ts';
import { HEADER_TEXT } from '../header/text.ts';
import { GUIDE_TEXT } from './text.ts';
import styles from './GuideDialog.module.css';

/** A place the guide sends the learner to: its address, and how the app opens it without a reload. */
export interface GuideLink {
  href: string;
  open(): void;
}

export interface GuideTargets {
  playground: GuideLink;
  exercise: GuideLink;
  learn: GuideLink;
  attack: GuideLink;
  turn: GuideLink;
  recovery: GuideLink;
}

export function GuideDialog({
  lang,
  targets,
  onClose,
}: {
  lang: Lang;
  targets: GuideTargets;
  onClose(): void;
}): JSX.Element {
  const g = GUIDE_TEXT[lang];
  const headerText = HEADER_TEXT[lang];
  const componentText = COMPONENT_TEXT[lang];
  const link = (to: GuideLink, label: string) => (
    <a
      href={to.href}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        to.open();
        onClose();
      }}
    >
      {label}
    </a>
  );
  const rows: [string, JSX.Element, string][] = [
    ['一个结果不应同时服务所有读者', link(targets.playground, headerText.modePlayground), g.readers],
    ['动手实践', link(targets.exercise, headerText.modeExercise), g.practice],
    ['常见错误 · 自测', link(targets.learn, headerText.modeLearn), g.mistakes],
    [
      'Prompt Injection 反例',
      <>
        {link(targets.attack, `${headerText.modeAttack} A14`)} {g.then} {link(targets.turn, headerText.modeTurn)}
      </>,
      g.injection,
    ],
    ['错误目录表达恢复协议', link(targets.recovery, headerText.modeRecovery), g.recovery],
  ];
  return (
    <Dialog open title={g.title} closeLabel={componentText.close} onClose={onClose} className="guide-dialog">
      <div data-testid="start-guide">
        <p>{g.intro}</p>
        <table className={styles.map}>
          <thead>
            <tr>
              <th scope="col">{g.chapterHeading}</th>
              <th scope="col">{g.appHeading}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([section, where, what]) => (
              <tr key={section}>
                <th scope="row" lang="zh">
                  {section}
                </th>
                <td>
                  <strong>{where}</strong>
                  <br />
                  {what}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{g.reopen}</p>
        <p>
          <button type="button" className="btn" onClick={onClose}>
            {g.begin}
          </button>
        </p>
      </div>
    </Dialog>
  );
}
