import type { Notation, PlaybackPosition } from '@stickwork/domain';
import {
  clickText,
  engraveSystems,
  sheetKey,
  stepClass,
  type EngravedSystem,
  type SheetLabel,
} from '@stickwork/sheet-music';
import { useId, useLayoutEffect, useMemo, useRef } from 'react';
import { Button } from '../../../components/button/button';
import { SILENT_BAR_TEXT } from '../silent-bar-text';
import { musicScale, useMusicZoom } from './music-size';
import { useElementWidth } from './use-element-width';

/** Narrower than this the music is drawn at this width and scaled down. */
const MIN_UNITS = 280;
const MAX_UNITS = 760;

export interface EngravedNotationProps {
  lessonName: string;
  notation: Notation;
  /** How many times the pattern is played: more than once draws repeat barlines, as on the PDF. */
  repetitions: number;
  position: PlaybackPosition | null;
}

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

export const notationLabel = (lessonName: string, notation: Notation): string =>
  `Notation of ${lessonName}: ${notation.timeSignature.beats}/${notation.timeSignature.beatUnit} time, ` +
  plural(notation.bars, 'bar');

type Engraving = { systems: EngravedSystem[]; units: number } | { error: true };

const ANCHOR: Record<SheetLabel['align'], 'start' | 'middle' | 'end'> = {
  left: 'start',
  center: 'middle',
  right: 'end',
};

/**
 * The labels the PDF writes over a system (sticking letters, "click silent", "2×"), as SVG text in the
 * system's own units; `y` is the top of the text, as for the PDF writer.
 */
const SystemLabels = ({ system }: { system: EngravedSystem }) => (
  <svg
    className="notation__labels"
    viewBox={`0 0 ${system.width} ${system.height}`}
    preserveAspectRatio="xMinYMin meet"
    aria-hidden="true"
  >
    {system.labels.map((label, index) => (
      <text
        key={index}
        x={label.x}
        y={label.y + label.size * 0.8}
        fontSize={label.size}
        textAnchor={ANCHOR[label.align]}
        fontStyle={label.italic ? 'italic' : undefined}
        fontWeight={label.bold ? 'bold' : undefined}
      >
        {label.text}
      </text>
    ))}
  </svg>
);

/** Where the bar playing now sits on its system, in percent of the system's width. */
const BarHighlight = ({ system, position }: { system: EngravedSystem; position: PlaybackPosition }) => {
  const bar = system.bars.find((entry) => entry.bar === position.bar);
  if (!bar) return null;
  return (
    <div
      className={`notation__bar${position.silent ? ' notation__bar--silent' : ''}`}
      style={{ left: `${(bar.x / system.width) * 100}%`, width: `${(bar.width / system.width) * 100}%` }}
      aria-hidden="true"
    >
      {position.silent ? <span className="notation__silent">{SILENT_BAR_TEXT}</span> : null}
    </div>
  );
};

/** The beats of the bar with the current one lit: the count-in, then the bar and beat being played. */
const BeatStrip = ({ notation, position }: { notation: Notation; position: PlaybackPosition }) => (
  <div
    className={`notation__beats${position.countIn ? ' notation__beats--count-in' : ''}`}
    aria-hidden="true"
  >
    <span className="notation__beats-label">
      {position.countIn ? 'Count-in' : `Bar ${position.bar + 1} of ${notation.bars}`}
    </span>
    {Array.from({ length: notation.timeSignature.beats }, (_, beat) => (
      <span key={beat} className={`notation__beat${beat === position.beat ? ' is-lit' : ''}`}>
        {beat + 1}
      </span>
    ))}
    {position.silent && !position.countIn ? (
      <span className="notation__silent">{SILENT_BAR_TEXT}</span>
    ) : null}
  </div>
);

/** The grid steps where notes are written, to keep a note lit until the next one sounds. */
const onsetSteps = (notation: Notation): Set<number> => new Set(notation.notes.map((note) => note.step));

/**
 * The notation engraved in the browser at the width of its container (systems wrap, never scroll
 * sideways), sized for the distance (larger where there is room, times the drummer's zoom), the notes
 * sounding now lit and their line kept in view inside the music box, and the key of voices and marks
 * the PDF prints, folded below the music.
 */
const EngravedNotation = ({ lessonName, notation, repetitions, position }: EngravedNotationProps) => {
  const frame = useRef<HTMLDivElement>(null);
  const music = useRef<HTMLDivElement>(null);
  const keyTitle = useId();
  const width = useElementWidth(frame);
  const [zoom, zoomBy, zoomLimits] = useMusicZoom();
  const scale = width === undefined ? 1 : musicScale(width) * zoom;
  const engraving = useMemo<Engraving | undefined>(() => {
    if (width === undefined) return undefined;
    try {
      const units = Math.round(Math.min(MAX_UNITS, Math.max(MIN_UNITS, width / scale)));
      return { systems: engraveSystems(notation, { width: units, repetitions }, document), units };
    } catch (error) {
      console.error('Could not engrave the notation.', error);
      return { error: true };
    }
  }, [notation, repetitions, width, scale]);
  const key = useMemo(() => sheetKey(notation), [notation]);
  const click = clickText(notation);
  const onsets = useMemo(() => onsetSteps(notation), [notation]);

  // Light the notes of the step sounding now; a note stays lit until the next note of its bar sounds.
  const lit = useRef<{ bar: number; elements: Element[] }>({ bar: -1, elements: [] });
  const step = position && !position.countIn ? position.step : null;
  const bar = position && !position.countIn ? position.bar : -1;
  useLayoutEffect(() => {
    const root = music.current;
    const unlight = () => {
      lit.current.elements.forEach((element) => element.classList.remove('is-sounding'));
      lit.current = { bar: -1, elements: [] };
    };
    if (!root || step === null) return unlight();
    if (!onsets.has(step)) {
      if (lit.current.bar !== bar) unlight();
      return;
    }
    unlight();
    const elements = [...root.querySelectorAll(`.${stepClass(step)}`)];
    elements.forEach((element) => element.classList.add('is-sounding'));
    lit.current = { bar, elements };
  }, [step, bar, onsets, engraving]);
  useLayoutEffect(
    () => () => lit.current.elements.forEach((element) => element.classList.remove('is-sounding')),
    [],
  );
  // The line being played stays in view: the music box scrolls to it (never the page), at its top; also
  // when the box itself changes size (the transport under it grows or shrinks).
  const keepLineInView = useRef(() => {});
  keepLineInView.current = () => {
    const box = frame.current;
    if (!box || !music.current || bar < 0 || !engraving || 'error' in engraving) return;
    const index = engraving.systems.findIndex((system) => system.bars.some((entry) => entry.bar === bar));
    const line = music.current.children[index];
    if (!(line instanceof HTMLElement) || box.scrollHeight <= box.clientHeight) return;
    const top = line.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
    const bottom = top + line.getBoundingClientRect().height;
    if (top < box.scrollTop || bottom > box.scrollTop + box.clientHeight) box.scrollTop = top;
  };
  useLayoutEffect(() => keepLineInView.current(), [bar, engraving]);
  useLayoutEffect(() => {
    const box = frame.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => keepLineInView.current());
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return (
    <div className="notation">
      <div className="notation__beats-row">
        {position ? <BeatStrip notation={notation} position={position} /> : null}
      </div>
      {/* Focusable: where the music box scrolls, the keyboard scrolls it too. */}
      <div ref={frame} className="notation__frame" tabIndex={0} role="region" aria-label="Music">
        {engraving === undefined ? null : 'error' in engraving ? (
          <p className="practice-muted" role="status">
            The notation could not be drawn.
          </p>
        ) : (
          <div
            ref={music}
            className="notation__music"
            role="img"
            aria-label={notationLabel(lessonName, notation)}
          >
            {engraving.systems.map((system, index) => (
              <div
                key={index}
                className="notation__system"
                // Every line at the sheet's one size: its share of the width the sheet was engraved for, zoomed.
                style={{
                  width: `calc(min(100%, ${Math.round(engraving.units * scale)}px) * ${(system.width * system.scale) / engraving.units})`,
                }}
              >
                {position && !position.countIn ? <BarHighlight system={system} position={position} /> : null}
                <div className="notation__svg" dangerouslySetInnerHTML={{ __html: system.svg }} />
                <SystemLabels system={system} />
              </div>
            ))}
          </div>
        )}
      </div>
      <div className="notation__zoom" role="group" aria-label="Music size">
        <Button
          variant="ghost"
          size="sm"
          aria-label="Smaller music"
          disabled={zoom <= zoomLimits.min}
          onClick={() => zoomBy(-1)}
        >
          A−
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label="Larger music"
          disabled={zoom >= zoomLimits.max}
          onClick={() => zoomBy(1)}
        >
          A+
        </Button>
      </div>
      <details className="notation__key" aria-labelledby={keyTitle}>
        <summary>
          <h3 id={keyTitle} className="notation__key-title">
            Key
          </h3>
        </summary>
        <div className="notation__key-columns">
          <ul>
            {key.voices.map((entry) => (
              <li key={entry}>{entry}</li>
            ))}
          </ul>
          {key.markings.length > 0 ? (
            <ul>
              {key.markings.map((entry) => (
                <li key={entry}>{entry}</li>
              ))}
            </ul>
          ) : null}
        </div>
        {click ? <p className="notation__click">{click}</p> : null}
      </details>
    </div>
  );
};

export default EngravedNotation;
