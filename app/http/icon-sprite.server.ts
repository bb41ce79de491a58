import "server-only";

// lucide-react keeps each drawing in its icon module as `__iconData` (not in its types).
import * as arrowLeft from "lucide-react/icons/arrow-left";
import * as arrowRight from "lucide-react/icons/arrow-right";
import * as ban from "lucide-react/icons/ban";
import * as bell from "lucide-react/icons/bell";
import * as briefcase from "lucide-react/icons/briefcase";
import * as calendar from "lucide-react/icons/calendar";
import * as calendarCheck from "lucide-react/icons/calendar-check";
import * as calendarClock from "lucide-react/icons/calendar-clock";
import * as calendarPlus from "lucide-react/icons/calendar-plus";
import * as camera from "lucide-react/icons/camera";
import * as check from "lucide-react/icons/check";
import * as checkCheck from "lucide-react/icons/check-check";
import * as chevronRight from "lucide-react/icons/chevron-right";
import * as circle from "lucide-react/icons/circle";
import * as circleCheck from "lucide-react/icons/circle-check";
import * as circleExclamationPoint from "lucide-react/icons/circle-exclamation-point";
import * as circlePlay from "lucide-react/icons/circle-play";
import * as circleX from "lucide-react/icons/circle-x";
import * as clipboardList from "lucide-react/icons/clipboard-list";
import * as clock from "lucide-react/icons/clock";
import * as creditCard from "lucide-react/icons/credit-card";
import * as crosshair from "lucide-react/icons/crosshair";
import * as dollarSign from "lucide-react/icons/dollar-sign";
import * as externalLink from "lucide-react/icons/external-link";
import * as hammer from "lucide-react/icons/hammer";
import * as heart from "lucide-react/icons/heart";
import * as imagePlus from "lucide-react/icons/image-plus";
import * as info from "lucide-react/icons/info";
import * as loaderCircle from "lucide-react/icons/loader-circle";
import * as logOut from "lucide-react/icons/log-out";
import * as mail from "lucide-react/icons/mail";
import * as mapPin from "lucide-react/icons/map-pin";
import * as messageSquare from "lucide-react/icons/message-square";
import * as messageSquareText from "lucide-react/icons/message-square-text";
import * as packageIcon from "lucide-react/icons/package";
import * as paintbrush from "lucide-react/icons/paintbrush";
import * as pencil from "lucide-react/icons/pencil";
import * as phone from "lucide-react/icons/phone";
import * as plus from "lucide-react/icons/plus";
import * as power from "lucide-react/icons/power";
import * as powerOff from "lucide-react/icons/power-off";
import * as radio from "lucide-react/icons/radio";
import * as repeat from "lucide-react/icons/repeat";
import * as search from "lucide-react/icons/search";
import * as searchX from "lucide-react/icons/search-x";
import * as sendHorizontal from "lucide-react/icons/send-horizontal";
import * as sparkles from "lucide-react/icons/sparkles";
import * as star from "lucide-react/icons/star";
import * as tag from "lucide-react/icons/tag";
import * as truck from "lucide-react/icons/truck";
import * as user from "lucide-react/icons/user";
import * as users from "lucide-react/icons/users";
import * as wallet from "lucide-react/icons/wallet";
import * as wrench from "lucide-react/icons/wrench";
import * as x from "lucide-react/icons/x";
import * as zap from "lucide-react/icons/zap";

import { ICON_IDS, type IconId } from "~/lib/icon-ids";

type IconNode = Array<[tag: string, attributes: Record<string, string | number>]>;

function drawing(module: object): IconNode {
  return (module as { __iconData: { node: IconNode } }).__iconData.node;
}

const DRAWINGS: Record<IconId, IconNode> = {
  "arrow-left": drawing(arrowLeft),
  "arrow-right": drawing(arrowRight),
  ban: drawing(ban),
  bell: drawing(bell),
  briefcase: drawing(briefcase),
  calendar: drawing(calendar),
  "calendar-check": drawing(calendarCheck),
  "calendar-clock": drawing(calendarClock),
  "calendar-plus": drawing(calendarPlus),
  camera: drawing(camera),
  check: drawing(check),
  "check-check": drawing(checkCheck),
  "chevron-right": drawing(chevronRight),
  circle: drawing(circle),
  "circle-check": drawing(circleCheck),
  "circle-exclamation-point": drawing(circleExclamationPoint),
  "circle-play": drawing(circlePlay),
  "circle-x": drawing(circleX),
  "clipboard-list": drawing(clipboardList),
  clock: drawing(clock),
  "credit-card": drawing(creditCard),
  crosshair: drawing(crosshair),
  "dollar-sign": drawing(dollarSign),
  "external-link": drawing(externalLink),
  hammer: drawing(hammer),
  heart: drawing(heart),
  "image-plus": drawing(imagePlus),
  info: drawing(info),
  "loader-circle": drawing(loaderCircle),
  "log-out": drawing(logOut),
  mail: drawing(mail),
  "map-pin": drawing(mapPin),
  "message-square": drawing(messageSquare),
  "message-square-text": drawing(messageSquareText),
  package: drawing(packageIcon),
  paintbrush: drawing(paintbrush),
  pencil: drawing(pencil),
  phone: drawing(phone),
  plus: drawing(plus),
  power: drawing(power),
  "power-off": drawing(powerOff),
  radio: drawing(radio),
  repeat: drawing(repeat),
  search: drawing(search),
  "search-x": drawing(searchX),
  "send-horizontal": drawing(sendHorizontal),
  sparkles: drawing(sparkles),
  star: drawing(star),
  tag: drawing(tag),
  truck: drawing(truck),
  user: drawing(user),
  users: drawing(users),
  wallet: drawing(wallet),
  wrench: drawing(wrench),
  x: drawing(x),
  zap: drawing(zap),
};

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
const escape = (value: string | number) => String(value).replace(/[&<>"]/g, (c) => ESCAPES[c]!);

function element([tag, attributes]: IconNode[number]): string {
  const attrs = Object.entries(attributes)
    .filter(([name]) => name !== "key")
    .map(([name, value]) => ` ${name}="${escape(value)}"`)
    .join("");
  return `<${tag}${attrs}/>`;
}

/** The sprite: one <symbol> per icon, drawn in the <svg> that <use>s it (its stroke, fill and size). */
export const ICON_SPRITE = [
  '<svg xmlns="http://www.w3.org/2000/svg">',
  ...ICON_IDS.map((id) => `<symbol id="${id}" viewBox="0 0 24 24">${DRAWINGS[id].map(element).join("")}</symbol>`),
  "</svg>",
].join("");
