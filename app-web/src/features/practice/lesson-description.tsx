import { useId, useState } from 'react';
import { foldedDescription, isFoldable } from './description-fold';

/** The lesson's description, folded when long (product-spec §9). */
export const LessonDescription = ({ text }: { text: string }) => {
  const [unfolded, setUnfolded] = useState(false);
  const textId = useId();
  const foldable = isFoldable(text);
  return (
    <div className="lesson-description">
      <p id={textId} className="lesson-description__text">
        {foldable && !unfolded ? foldedDescription(text) : text}
      </p>
      {foldable ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={unfolded}
          aria-controls={textId}
          onClick={() => setUnfolded((open) => !open)}
        >
          {unfolded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
};
