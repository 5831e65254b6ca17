import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { CarouselControls } from '../../components/carousel/carousel-controls';
import { useMediaQuery } from '../../lib/use-media-query';

interface PracticeCarouselProps {
  label: string;
  slides: { key: string; content: ReactNode }[];
  slidesPerView: number;
  /** One slide per view below this width (product-spec §9: 650 px for the launch carousel). */
  singleBelow?: number;
  /** The slide shown first. */
  startIndex?: number;
  /** Told the index of the slide in view whenever it changes. */
  onSlideChange?: (index: number) => void;
}

/**
 * A carousel of cards that hold forms: every slide is rendered once (the shared carousel repeats
 * slides to loop, which would duplicate the form and its ids), and it never moves on its own, so
 * nobody loses the field they are typing in.
 */
export const PracticeCarousel = ({
  label,
  slides,
  slidesPerView,
  singleBelow = 0,
  startIndex = 0,
  onSlideChange,
}: PracticeCarouselProps) => {
  const narrow = useMediaQuery(`(max-width: ${singleBelow - 0.02}px)`);
  const perView = narrow ? 1 : slidesPerView;
  const [emblaRef, emblaApi] = useEmblaCarousel({
    align: 'start',
    loop: false,
    containScroll: 'trimSnaps',
    startIndex,
  });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState(0);
  const [canPrev, setCanPrev] = useState(false);
  const [canNext, setCanNext] = useState(false);

  const onSelect = useCallback(() => {
    if (!emblaApi) return;
    setSelected(emblaApi.selectedScrollSnap());
    onSlideChange?.(emblaApi.selectedScrollSnap());
    setSnaps(emblaApi.scrollSnapList().length);
    setCanPrev(emblaApi.canScrollPrev());
    setCanNext(emblaApi.canScrollNext());
  }, [emblaApi, onSlideChange]);

  useEffect(() => {
    if (!emblaApi) return;
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi, onSelect]);

  useEffect(() => {
    emblaApi?.reInit();
  }, [emblaApi, perView, slides.length]);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      style={{ ['--slides-per-view' as string]: perView }}
    >
      <div className="carousel__viewport" ref={emblaRef}>
        <div className="carousel__container">
          {slides.map((slide, index) => (
            <div
              key={slide.key}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
            >
              {slide.content}
            </div>
          ))}
        </div>
      </div>
      {snaps > 1 ? (
        <CarouselControls
          emblaApi={emblaApi}
          snapCount={snaps}
          selected={selected}
          showArrows
          canPrev={canPrev}
          canNext={canNext}
        />
      ) : null}
    </section>
  );
};
