/** A decorative mock of a finished reel: what a prompt, an 8-second clip and a caption look like together. */
export function ReelPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-[17rem] lg:max-w-[19rem]">
      <div className="absolute -inset-6 rounded-[3rem] bg-gradient-brand opacity-30 blur-2xl" />
      <div className="relative aspect-[9/16] overflow-hidden rounded-[2.25rem] border border-white/15 bg-black shadow-2xl">
        <div className="absolute inset-0 bg-[radial-gradient(circle_at_30%_20%,oklch(0.72_0.2_30)_0%,transparent_45%),radial-gradient(circle_at_75%_65%,oklch(0.55_0.25_300)_0%,transparent_55%),linear-gradient(180deg,oklch(0.3_0.12_280),oklch(0.16_0.05_300))]" />
        <div className="absolute inset-x-0 bottom-0 h-1/2 bg-gradient-to-t from-black/80 to-transparent" />
        <div className="absolute top-4 right-4 left-4 rounded-xl border border-white/15 bg-black/40 px-3 py-2 text-left text-[0.7rem] leading-snug text-white/85 backdrop-blur">
          <span className="font-semibold text-fuchsia-300">Prompt</span> · golden-hour drive along a coastal road,
          slow dolly shot
        </div>
        <p className="absolute inset-x-4 top-[46%] text-center text-3xl font-black tracking-wide text-white uppercase [paint-order:stroke] [-webkit-text-stroke:6px_black]">
          Sunset mode on
        </p>
        <div className="absolute inset-x-4 bottom-5 grid gap-2">
          <div className="flex gap-1">
            <span className="h-1.5 flex-1 rounded-full bg-gradient-brand" />
            <span className="h-1.5 flex-1 rounded-full bg-gradient-brand" />
            <span className="h-1.5 flex-1 rounded-full bg-white/25" />
          </div>
          <div className="flex justify-between text-[0.65rem] font-medium text-white/70">
            <span>0:00</span>
            <span>3 × 8-second segments</span>
            <span>0:24</span>
          </div>
        </div>
      </div>
    </div>
  );
}
