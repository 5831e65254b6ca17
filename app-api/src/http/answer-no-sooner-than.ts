/**
 * Runs `work` and settles (with its value or its error) no sooner than `ms` after the call, so
 * the time an answer takes tells nothing about what the work found: a request about a known
 * address, which appends an event and signs a link, is answered when one about an unknown
 * address is. Work that takes longer than `ms` settles when it is done.
 */
export const answerNoSoonerThan = async <T>(ms: number, work: () => Promise<T>): Promise<T> => {
  const due = performance.now() + ms;
  try {
    return await work();
  } finally {
    const left = due - performance.now();
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }
};
