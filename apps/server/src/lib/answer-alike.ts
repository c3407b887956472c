/**
 * Answers that must not tell a known address from an unknown one (issue 9 item 12) take at least
 * `floorMs`: the slower path's own work is the bulk, and the floor covers what is left (a cache,
 * a shorter branch), so the time says nothing either. Errors wait for the floor too.
 */
export async function atLeast<T>(floorMs: number, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const wait = async () => {
    const left = floorMs - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  };
  try {
    const result = await work();
    await wait();
    return result;
  } catch (error) {
    await wait();
    throw error;
  }
}
