import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const registered = vi.hoisted(() => ({
  onNeedRefresh: undefined as (() => void) | undefined,
  update: vi.fn(async (_reload?: boolean) => undefined),
}));

vi.mock('./register-service-worker', () => ({
  registerServiceWorker: async (onNeedRefresh: () => void) => {
    registered.onNeedRefresh = onNeedRefresh;
    return registered.update;
  },
}));

import { UPDATE_READY_TEXT, UpdateBanner } from './update-banner';

beforeEach(() => {
  vi.stubEnv('PROD', true);
  Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
  registered.onNeedRefresh = undefined;
  registered.update.mockClear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllEnvs();
});

const registeredWorker = async () => {
  await vi.waitFor(() => expect(registered.onNeedRefresh).toBeDefined());
  act(() => registered.onNeedRefresh!());
};

describe('UpdateBanner', () => {
  it('says nothing until a new version is ready', async () => {
    render(<UpdateBanner />);
    await vi.waitFor(() => expect(registered.onNeedRefresh).toBeDefined());
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('announces a new version; Reload activates it and reloads', async () => {
    render(<UpdateBanner />);
    await registeredWorker();
    expect(screen.getByRole('status').textContent).toContain(UPDATE_READY_TEXT);
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    await vi.waitFor(() => expect(registered.update).toHaveBeenCalledWith(true));
  });

  it('Later puts the announcement away without updating', async () => {
    render(<UpdateBanner />);
    await registeredWorker();
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(registered.update).not.toHaveBeenCalled();
  });
});
