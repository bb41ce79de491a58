import { AlertCircle } from "~/components/icons";

/** The 404 page (spec §2): unknown paths and not-found errors. */
export function NotFoundPage() {
  return (
    <main className="flex min-h-[70vh] items-center justify-center px-4">
      <title>404 Page Not Found | Nearhand</title>
      <div className="w-full max-w-md rounded-xl border border-slate-200 bg-white p-8 shadow-sm">
        <div className="flex items-center gap-2">
          <AlertCircle className="h-8 w-8 text-red-500" aria-hidden />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">The page you are looking for does not exist or has moved.</p>
        <a href="/" className="mt-6 inline-block text-sm font-medium text-brand-600 hover:underline">
          Go to the home page
        </a>
      </div>
    </main>
  );
}
