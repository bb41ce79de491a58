import type { SVGProps } from "react";

import { ICON_SPRITE_URL, type IconId } from "~/lib/icon-ids";

// lucide icons drawn from one cached sprite (decision 0030): a server component renders
// an <svg><use> pair, not lucide-react's client component, so icons add no client
// references to the RSC payload and no JavaScript to the page. lucide's defaults
// (24×24, 2px round strokes in currentColor) are the `icon` class's, in app.css:
// attributes on every icon would repeat them in the HTML and the RSC payload. No viewBox either: the sprite's
// <symbol> has it, and a <use> of a symbol fills the <svg> it is drawn in (decision 0078).

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;
export type IconComponent = (props: IconProps) => React.JSX.Element;

// Pure, so a client bundle keeps only the icons its client components draw.
/* #__NO_SIDE_EFFECTS__ */
function spriteIcon(id: IconId): IconComponent {
  const href = `${ICON_SPRITE_URL}#${id}`;
  return function Icon({ className, ...props }: IconProps) {
    return (
      <svg className={className ? `icon ${className}` : "icon"} {...props}>
        <use href={href} />
      </svg>
    );
  };
}

export const AlertCircle = spriteIcon("circle-exclamation-point");
export const ArrowLeft = spriteIcon("arrow-left");
export const ArrowRight = spriteIcon("arrow-right");
export const Ban = spriteIcon("ban");
export const Bell = spriteIcon("bell");
export const Briefcase = spriteIcon("briefcase");
export const Calendar = spriteIcon("calendar");
export const CalendarCheck = spriteIcon("calendar-check");
export const CalendarClock = spriteIcon("calendar-clock");
export const CalendarPlus = spriteIcon("calendar-plus");
export const Camera = spriteIcon("camera");
export const Check = spriteIcon("check");
export const CheckCheck = spriteIcon("check-check");
export const CheckCircle2 = spriteIcon("circle-check");
export const ChevronRight = spriteIcon("chevron-right");
export const Circle = spriteIcon("circle");
export const ClipboardList = spriteIcon("clipboard-list");
export const Clock = spriteIcon("clock");
export const CreditCard = spriteIcon("credit-card");
export const Crosshair = spriteIcon("crosshair");
export const DollarSign = spriteIcon("dollar-sign");
export const ExternalLink = spriteIcon("external-link");
export const Hammer = spriteIcon("hammer");
export const Heart = spriteIcon("heart");
export const ImagePlus = spriteIcon("image-plus");
export const Info = spriteIcon("info");
export const Loader2 = spriteIcon("loader-circle");
export const LogOut = spriteIcon("log-out");
export const Mail = spriteIcon("mail");
export const MapPin = spriteIcon("map-pin");
export const MessageSquare = spriteIcon("message-square");
export const MessageSquareText = spriteIcon("message-square-text");
export const Package = spriteIcon("package");
export const Paintbrush = spriteIcon("paintbrush");
export const Pencil = spriteIcon("pencil");
export const Phone = spriteIcon("phone");
export const PlayCircle = spriteIcon("circle-play");
export const Plus = spriteIcon("plus");
export const Power = spriteIcon("power");
export const PowerOff = spriteIcon("power-off");
export const Radio = spriteIcon("radio");
export const Repeat = spriteIcon("repeat");
export const Search = spriteIcon("search");
export const SearchX = spriteIcon("search-x");
export const SendHorizontal = spriteIcon("send-horizontal");
export const Sparkles = spriteIcon("sparkles");
export const Star = spriteIcon("star");
export const Tag = spriteIcon("tag");
export const Truck = spriteIcon("truck");
export const User = spriteIcon("user");
export const Users = spriteIcon("users");
export const Wallet = spriteIcon("wallet");
export const Wrench = spriteIcon("wrench");
export const X = spriteIcon("x");
export const XCircle = spriteIcon("circle-x");
export const Zap = spriteIcon("zap");
