import Autoplay from 'embla-carousel-autoplay';
import useEmblaCarousel, { type UseEmblaCarouselType } from 'embla-carousel-react';
import { useEffect } from 'react';

export type CarouselApi = UseEmblaCarouselType[1];

interface CarouselEngineProps {
  viewport: HTMLElement;
  duration: number;
  autoplayDelayMs: number;
  autoplay: boolean;
  onApi: (api: CarouselApi) => void;
}

/**
 * Embla (sliding, looping, autoplay) attached to a carousel's viewport once it has rendered. Its own
 * chunk: the slides show without it, so the landing page paints and answers before the carousel's
 * code has arrived.
 */
export const CarouselEngine = ({
  viewport,
  duration,
  autoplayDelayMs,
  autoplay,
  onApi,
}: CarouselEngineProps) => {
  const [emblaRef, emblaApi] = useEmblaCarousel({ loop: true, align: 'start', duration }, [
    Autoplay({
      delay: autoplayDelayMs,
      playOnInit: autoplay,
      stopOnInteraction: false,
      stopOnMouseEnter: true,
      stopOnFocusIn: true,
    }),
  ]);
  useEffect(() => {
    emblaRef(viewport);
    return () => emblaRef(null);
  }, [emblaRef, viewport]);
  useEffect(() => onApi(emblaApi), [emblaApi, onApi]);
  return null;
};
