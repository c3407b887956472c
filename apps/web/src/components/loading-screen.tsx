/** SPEC §2: protected pages show a full-screen "Loading..." while checks or the profile load. */
export function LoadingScreen() {
  return (
    <div role="status" aria-live="polite" className="flex min-h-dvh items-center justify-center p-6">
      <p className="text-base text-muted-foreground">Loading...</p>
    </div>
  );
}
