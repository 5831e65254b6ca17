import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { DOWNLOAD_FAILED_MESSAGE, DownloadMyData } from './download-my-data';

afterEach(cleanup);

const zip = { blob: new Blob(['PK']), fileName: 'stickwork-data-2026-11-23.zip' };

describe('Download my data', () => {
  it('downloads the export and hands it to the browser', async () => {
    const save = vi.fn();
    render(<DownloadMyData download={async () => zip} save={save} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Your data was downloaded.');
    expect(save).toHaveBeenCalledWith(zip);
  });

  it('says why when refused (too many downloads), and to try again otherwise', async () => {
    const limited = new ApiError(
      429,
      'You can download your data 5 times an hour. Please try again in an hour.',
      null,
    );
    render(
      <DownloadMyData
        download={async () => {
          throw limited;
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe(limited.message);
    cleanup();

    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <DownloadMyData
        download={async () => {
          throw new TypeError('Failed to fetch');
        }}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect((await screen.findByRole('alert')).textContent).toBe(DOWNLOAD_FAILED_MESSAGE);
  });
});
