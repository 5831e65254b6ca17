import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

type Callback = (entries: Pick<IntersectionObserverEntry, 'isIntersecting'>[]) => void;
const observers: { callback: Callback; margin?: string; disconnected: boolean }[] = [];

class FakeIntersectionObserver {
  private readonly record: (typeof observers)[number];
  constructor(callback: Callback, options?: IntersectionObserverInit) {
    this.record = { callback, margin: options?.rootMargin, disconnected: false };
    observers.push(this.record);
  }
  observe() {}
  disconnect() {
    this.record.disconnected = true;
  }
}

const Probe = () => {
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const near = useNearViewport(element);
  return <div ref={setElement}>{near ? 'near' : 'far'}</div>;
};

afterEach(() => {
  cleanup();
  observers.length = 0;
  vi.unstubAllGlobals();
});

describe('useNearViewport', () => {
  it('turns true when the element comes within the margin, stays true and stops observing', () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    render(<Probe />);
    expect(screen.getByText('far')).toBeTruthy();
    expect(observers[0]?.margin).toBe('200px');
    act(() => observers[0]!.callback([{ isIntersecting: false }]));
    expect(screen.getByText('far')).toBeTruthy();
    act(() => observers[0]!.callback([{ isIntersecting: true }]));
    expect(screen.getByText('near')).toBeTruthy();
    expect(observers[0]!.disconnected).toBe(true);
  });

  it('is true at once where the browser has no IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('near')).toBeTruthy();
  });
});
