/** A card-shaped placeholder (the proportions of WineCard), so a grid does not jump when the wines arrive. */
export function WineCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex h-full flex-col border border-rule">
      <div className="skeleton h-[15.25rem] border-b border-rule" />
      <div className="space-y-3 px-5 pt-4 pb-5">
        <div className="skeleton h-3 w-2/3" />
        <div className="skeleton h-6 w-5/6" />
        <div className="skeleton h-3 w-full" />
        <div className="skeleton h-3 w-full" />
        <div className="skeleton h-3 w-3/4" />
        <div className="skeleton mt-6 h-7 w-1/3" />
        <div className="grid grid-cols-2 gap-2">
          <div className="skeleton h-9" />
          <div className="skeleton h-9" />
        </div>
      </div>
    </div>
  );
}
