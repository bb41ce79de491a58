// The icon of each category (the vocabulary names them by string, app/lib/categories.ts).
import { createElement } from "react";

import { Hammer, Package, Paintbrush, Sparkles, Truck, Wrench, type IconComponent } from "~/components/icons";
import type { CATEGORIES } from "~/lib/categories";

const CATEGORY_ICONS: Record<(typeof CATEGORIES)[number]["icon"], IconComponent> = {
  Wrench,
  Paintbrush,
  Truck,
  Hammer,
  Package,
  Sparkles,
};

export function categoryIcon(iconName: string): IconComponent {
  return CATEGORY_ICONS[iconName as keyof typeof CATEGORY_ICONS] ?? Sparkles;
}

/** A category's icon in its round brand-coloured mark, as the category cards draw it. */
export function CategoryMark({ icon, className = "" }: { icon: string; className?: string }) {
  return (
    <span className={`category-mark ${className}`.trimEnd()}>{createElement(categoryIcon(icon), { className: "h-6 w-6", "aria-hidden": true })}</span>
  );
}
