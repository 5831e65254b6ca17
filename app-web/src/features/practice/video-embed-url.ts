/**
 * The player address for a lesson's video with do-not-track on (product-spec §7): a vimeo.com page
 * becomes its player.vimeo.com embed; any other address keeps its path and gains dnt=1.
 */
export const videoEmbedUrl = (videoUrl: string): string | null => {
  let url: URL;
  try {
    url = new URL(videoUrl);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  const vimeoId = /^(?:www\.)?vimeo\.com$/.test(url.hostname)
    ? /^\/(\d+)/.exec(url.pathname)?.[1]
    : undefined;
  const embed = vimeoId ? new URL(`https://player.vimeo.com/video/${vimeoId}`) : url;
  embed.searchParams.set('dnt', '1');
  return embed.toString();
};

export const VIDEO_WIDTH = 640;
export const VIDEO_HEIGHT = 360;
