import { INPUT_CLASS, LABEL_CLASS, PRIMARY_BUTTON_CLASS } from "~/components/forms/styles";
import { Search } from "~/components/icons";
import { AutoSubmitForm } from "~/components/providers/auto-submit-form";
import { CATEGORIES } from "~/lib/categories";
import type { ProviderSearchQuery } from "~/lib/schemas/provider-search";

const DISTANCES = [5, 10, 25, 50] as const;
const RATINGS = [3, 4, 4.5] as const;
const SORTS = [
  { value: "match", label: "Best match" },
  { value: "nearest", label: "Nearest" },
  { value: "rating", label: "Best rated" },
  { value: "rate", label: "Lowest rate" },
] as const;

/** The directory's search box and filters: a GET form, so each search is a URL and works without JavaScript. */
export function DirectoryFilters({ query }: { query: Partial<ProviderSearchQuery> }) {
  return (
    <AutoSubmitForm label="Find a provider" className="mt-6 grid gap-4 card p-4 md:p-5">
      <div className="flex flex-col gap-2 sm:flex-row">
        <label htmlFor="directory-q" className="sr-only">
          Search providers
        </label>
        <input
          id="directory-q"
          name="q"
          type="search"
          defaultValue={query.q ?? ""}
          maxLength={100}
          placeholder="Name, skill or what reviews say"
          className={INPUT_CLASS}
          data-testid="directory-q"
        />
        <button type="submit" className={`inline-flex items-center justify-center gap-2 ${PRIMARY_BUTTON_CLASS}`}>
          <Search className="h-4 w-4" aria-hidden />
          Search
        </button>
      </div>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-5">
        <Choice
          id="directory-category"
          name="category"
          label="Category"
          value={query.category}
          any="Any category"
          options={CATEGORIES.map((c) => ({ value: c.id, label: c.name }))}
        />
        <Choice
          id="directory-near"
          name="near"
          label="Distance"
          value={query.near}
          any="Any distance"
          options={DISTANCES.map((d) => ({ value: String(d), label: `Within ${d} mi` }))}
        />
        <Choice
          id="directory-rating"
          name="minRating"
          label="Rating"
          value={query.minRating}
          any="Any rating"
          options={RATINGS.map((r) => ({ value: String(r), label: `${r}+ stars` }))}
        />
        <div className="grid content-start gap-1.5">
          <label htmlFor="directory-rate" className={LABEL_CLASS}>
            Max rate ($/hr)
          </label>
          <input id="directory-rate" name="maxRate" type="number" min={1} step={1} defaultValue={query.maxRate ?? ""} className={INPUT_CLASS} />
        </div>
        <Choice id="directory-sort" name="sort" label="Sort by" value={query.sort} options={SORTS} />
      </div>
      <label className="inline-flex items-center gap-2 text-sm text-slate-800">
        <input type="checkbox" name="online" value="1" defaultChecked={query.online === true} className="h-4 w-4 rounded border-slate-300" />
        Online now
      </label>
    </AutoSubmitForm>
  );
}

interface ChoiceProps {
  id: string;
  name: string;
  label: string;
  value: string | number | undefined;
  /** The choice that sets no filter, when there is one. */
  any?: string;
  options: readonly { value: string; label: string }[];
}

function Choice({ id, name, label, value, any, options }: ChoiceProps) {
  return (
    <div className="grid content-start gap-1.5">
      <label htmlFor={id} className={LABEL_CLASS}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value === undefined ? "" : String(value)} className={INPUT_CLASS}>
        {any ? <option value="">{any}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
