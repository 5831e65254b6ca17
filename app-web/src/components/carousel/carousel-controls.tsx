import type { UseEmblaCarouselType } from 'embla-carousel-react';
import { ArrowLeftIcon, ArrowRightIcon } from '../icons/icons';
import './carousel.css';

interface CarouselControlsProps {
  emblaApi: UseEmblaCarouselType[1];
  snapCount: number;
  selected: number;
  showArrows: boolean;
  /** A carousel that does not loop disables the arrow at each end. */
  canPrev?: boolean;
  canNext?: boolean;
}

/** Previous/next arrows and one dot per snap, shared by every carousel. */
export const CarouselControls = ({
  emblaApi,
  snapCount,
  selected,
  showArrows,
  canPrev = true,
  canNext = true,
}: CarouselControlsProps) => (
  <div className="carousel__controls">
    {showArrows ? (
      <button
        type="button"
        className="carousel__arrow"
        aria-label="Previous slide"
        disabled={!canPrev}
        onClick={() => emblaApi?.scrollPrev()}
      >
        <ArrowLeftIcon />
      </button>
    ) : null}
    <div className="carousel__dots">
      {Array.from({ length: snapCount }, (_, index) => (
        <button
          key={index}
          type="button"
          className="carousel__dot"
          aria-label={`Go to slide ${index + 1}`}
          aria-current={index === selected ? 'true' : undefined}
          onClick={() => emblaApi?.scrollTo(index)}
        />
      ))}
    </div>
    {showArrows ? (
      <button
        type="button"
        className="carousel__arrow"
        aria-label="Next slide"
        disabled={!canNext}
        onClick={() => emblaApi?.scrollNext()}
      >
        <ArrowRightIcon />
      </button>
    ) : null}
  </div>
);
