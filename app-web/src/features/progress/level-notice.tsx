/**
 * What a level-up or a skill update did, said on screen and to screen readers. The live region is
 * always in the page, so a message that appears in it is announced.
 */
export const LevelNotice = ({ notice }: { notice: string | null }) => (
  <p className="level-notice" role="status">
    {notice}
  </p>
);

/** Marks a skill whose level-up is offered (on its tab and its stats card). */
export const ReadyMark = () => (
  <span className="ready-mark">
    <span aria-hidden="true">▲ </span>ready<span className="visually-hidden"> to level up</span>
  </span>
);
