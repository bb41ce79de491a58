// Who may read whose email address and phone number (decision 0018), and an
// HTTP client that checks every body it receives against that rule.
import { HttpClient, uniqueEmail } from "./http-client.ts";

export interface Person {
  label: string;
  email: string;
  /** Unique per person, so finding it in a body means it leaked. */
  phone: string;
  id: string;
  /** An operator (issue 34): the console shows them every user's contact details; elsewhere they are a user. */
  operator?: boolean;
}

/** The console's pages and API, where an operator reads what users may not. */
const CONSOLE = / \/(api\/)?admin(\/|$)/;

type BookingStatus = "pending" | "accepted" | "in_progress" | "completed" | "cancelled";
const SHARING: ReadonlySet<BookingStatus> = new Set(["accepted", "in_progress"]);

/**
 * The people of a test and their bookings. A reader may see their own email and
 * phone; the other party's phone only while a booking between them is accepted
 * or in progress; never anyone else's, and never another user's email.
 */
export class ContactLedger {
  readonly people: Person[] = [];
  private readonly bookings = new Map<string, { seekerId: string; providerId: string; status: BookingStatus }>();
  readonly violations: string[] = [];

  newPerson(label: string): Person {
    const digits = String(Math.floor(Math.random() * 1e7)).padStart(7, "0");
    const person = { label, email: uniqueEmail(label), phone: `+1 (555) ${digits.slice(0, 3)}-${digits.slice(3)}`, id: "" };
    this.people.push(person);
    return person;
  }

  booking(id: string, seekerId: string, providerId: string, status: BookingStatus): void {
    this.bookings.set(id, { seekerId, providerId, status });
  }

  moved(id: string, status: BookingStatus): void {
    const booking = this.bookings.get(id);
    if (!booking) throw new Error(`unknown booking ${id}`);
    booking.status = status;
  }

  private sharesPhone(reader: Person, subject: Person): boolean {
    for (const b of this.bookings.values()) {
      const pair = (b.seekerId === reader.id && b.providerId === subject.id) || (b.providerId === reader.id && b.seekerId === subject.id);
      if (pair && SHARING.has(b.status)) return true;
    }
    return false;
  }

  /** Records every email or phone number in `text` that `reader` (null: signed out) may not see. */
  scan(reader: Person | null, text: string, where: string): void {
    if (reader?.operator && CONSOLE.test(where)) return;
    const haystack = text.toLowerCase();
    for (const subject of this.people) {
      if (subject === reader) continue;
      if (haystack.includes(subject.email.toLowerCase())) {
        this.violations.push(`${where} as ${reader?.label ?? "anonymous"}: carries ${subject.label}'s email`);
      }
      const phoneForms = [subject.phone, subject.phone.replace(/[^+\d]/g, "")];
      if (phoneForms.some((form) => text.includes(form)) && !(reader && this.sharesPhone(reader, subject))) {
        this.violations.push(`${where} as ${reader?.label ?? "anonymous"}: carries ${subject.label}'s phone number`);
      }
    }
  }

  /** The violations recorded since the last call. */
  take(): string[] {
    return this.violations.splice(0);
  }
}

/** An HttpClient acting for one person (or nobody) whose every response is scanned by the ledger. */
export class ScanningClient extends HttpClient {
  readonly person: Person | null;
  private readonly ledger: ContactLedger;

  constructor(base: string, ledger: ContactLedger, person: Person | null) {
    super(base);
    this.ledger = ledger;
    this.person = person;
  }

  override async request(target: string, init: RequestInit = {}): Promise<Response> {
    const response = await super.request(target, init);
    const body = await response.clone().text();
    const where = `${init.method ?? "GET"} ${new URL(target, this.base).pathname}`;
    this.ledger.scan(this.person, `${response.headers.get("Location") ?? ""}\n${body}`, where);
    return response;
  }
}

export interface FlashedToast {
  title: string;
  description: string | null;
  destructive: boolean;
}

/** The flashed toast a page renders for browsers without JavaScript, if any. */
export function flashedToast(html: string): FlashedToast | null {
  const match = html.match(
    /<dialog [^>]*class="toast-nojs([^"]*)"[^>]*data-testid="toast-nojs"[^>]*><div role="status"[^>]*><div[^>]*>([^<]*)<\/div>(?:<div[^>]*>([^<]*)<\/div>)?/,
  );
  if (!match) return null;
  return {
    title: unescapeHtml(match[2]),
    description: match[3] === undefined ? null : unescapeHtml(match[3]),
    destructive: match[1].includes("bg-red-600"),
  };
}

function unescapeHtml(text: string): string {
  return text
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}
