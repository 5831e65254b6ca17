import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { useMediaQuery } from '../../lib/use-media-query';
import { useNearViewport } from '../../lib/use-near-viewport';
import type { CarouselApi } from './carousel-engine';
import { CarouselControls } from './carousel-controls';
import './carousel.css';

export interface CarouselLayout {
  /** Slides shown side by side on wide screens. */
  slidesPerView: number;
  /** Fewer slides below a width: e.g. { maxWidth: 850, slidesPerView: 2 }. Widest first. */
  breakpoints?: { maxWidth: number; slidesPerView: number }[];
  /** Arrows are hidden below this width (dots remain). */
  hideArrowsBelow?: number;
}

interface CarouselProps {
  label: string;
  slides: ReactNode[];
  layout: CarouselLayout;
  autoplayDelayMs?: number;
  /** Embla's scroll duration (physics units, not ms; 50 is about one second). */
  duration?: number;
}

const CarouselEngine = lazy(() =>
  import('./carousel-engine').then((module) => ({ default: module.CarouselEngine })),
);

const useSlidesPerView = (layout: CarouselLayout): number => {
  const [first, second] = layout.breakpoints ?? [];
  const belowFirst = useMediaQuery(`(max-width: ${(first?.maxWidth ?? 0) - 0.02}px)`);
  const belowSecond = useMediaQuery(`(max-width: ${(second?.maxWidth ?? 0) - 0.02}px)`);
  if (second && belowSecond) return second.slidesPerView;
  if (first && belowFirst) return first.slidesPerView;
  return layout.slidesPerView;
};

/**
 * An autoplaying, looping carousel (product-spec §4 "Other", §9): pauses while hovered or while
 * something inside has focus, with arrows and dots. Autoplay stays off for reduced motion.
 */
export const Carousel = ({ label, slides, layout, autoplayDelayMs = 5000, duration = 50 }: CarouselProps) => {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const slidesPerView = useSlidesPerView(layout);
  const hideArrows = useMediaQuery(`(max-width: ${(layout.hideArrowsBelow ?? 0) - 0.02}px)`);
  const [viewport, setViewport] = useState<HTMLDivElement | null>(null);
  const [emblaApi, setEmblaApi] = useState<CarouselApi>(undefined);
  // Sliding (and its code) starts when the carousel is about to be seen: it autoplays for nobody before.
  const near = useNearViewport(viewport);
  const [selected, setSelected] = useState(0);
  const [snapCount, setSnapCount] = useState(0);
  // Embla only loops when the slides out of view can fill the view; with barely more slides than
  // are shown (4 at 3 per view) it would silently stop looping, so the slides are laid out twice.
  const copies = slides.length <= slidesPerView + 1 ? 2 : 1;
  const renderedSlides = Array.from({ length: copies }, () => slides).flat();

  const onSelect = useCallback(() => {
    if (!emblaApi) return;
    setSelected(emblaApi.selectedScrollSnap() % slides.length);
    setSnapCount(Math.min(emblaApi.scrollSnapList().length, slides.length));
  }, [emblaApi, slides.length]);

  useEffect(() => {
    if (!emblaApi) return;
    onSelect();
    emblaApi.on('select', onSelect).on('reInit', onSelect);
    return () => {
      emblaApi.off('select', onSelect).off('reInit', onSelect);
    };
  }, [emblaApi, onSelect]);

  // Slide widths change with the breakpoint; let Embla measure again.
  useEffect(() => {
    emblaApi?.reInit();
  }, [emblaApi, slidesPerView, copies]);

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      style={{ ['--slides-per-view' as string]: slidesPerView }}
    >
      <div className="carousel__viewport" ref={setViewport}>
        <div className="carousel__container">
          {renderedSlides.map((slide, index) => (
            <div
              key={index}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${(index % slides.length) + 1} of ${slides.length}`}
            >
              {slide}
            </div>
          ))}
        </div>
      </div>
      {viewport && near ? (
        <Suspense fallback={null}>
          <CarouselEngine
            viewport={viewport}
            duration={duration}
            autoplayDelayMs={autoplayDelayMs}
            autoplay={!reducedMotion}
            onApi={setEmblaApi}
          />
        </Suspense>
      ) : null}
      <CarouselControls
        emblaApi={emblaApi}
        snapCount={snapCount}
        selected={selected}
        showArrows={!hideArrows}
      />
    </section>
  );
};
