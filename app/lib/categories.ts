// The six service categories of the spec; seeded into every database.
export const CATEGORIES = [
  {
    id: "repair",
    name: "Repair & Maintenance",
    icon: "Wrench",
    description: "Plumbing, electrical, appliance and general fixes",
  },
  {
    id: "cleaning",
    name: "Cleaning & Painting",
    icon: "Paintbrush",
    description: "House cleaning, deep cleans and painting jobs",
  },
  {
    id: "moving",
    name: "Moving & Delivery",
    icon: "Truck",
    description: "Moving help, hauling and same-day delivery",
  },
  {
    id: "construction",
    name: "Construction & Handyman",
    icon: "Hammer",
    description: "Carpentry, drywall, tiling and small builds",
  },
  {
    id: "assembly",
    name: "Assembly & Installation",
    icon: "Package",
    description: "Furniture assembly, TV mounting and installs",
  },
  {
    id: "other",
    name: "Other Services",
    icon: "Sparkles",
    description: "Anything else you need a hand with",
  },
] as const;

export type CategoryId = (typeof CATEGORIES)[number]["id"];
export const CATEGORY_IDS = CATEGORIES.map((c) => c.id) as [CategoryId, ...CategoryId[]];
