import {
  CalendarClockIcon,
  ChefHatIcon,
  PackageIcon,
  ReceiptTextIcon,
  ScanBarcodeIcon,
  StoreIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { BrandLink } from '@/components/brand';
import { buttonVariants } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

interface Item {
  icon: LucideIcon;
  title: string;
  text: string;
}

const DAILY_WORK: Item[] = [
  {
    icon: ScanBarcodeIcon,
    title: 'Ring up sales',
    text: 'A till built for fingers and hurry: scan or tap products, take cash, card or split payments, and print or send the receipt.',
  },
  {
    icon: PackageIcon,
    title: 'Keep stock',
    text: 'Every sale, delivery and write-off moves stock, so you know what is on the shelf and what to reorder from your suppliers.',
  },
  {
    icon: CalendarClockIcon,
    title: 'Run shifts',
    text: 'Staff sign in to the till with a PIN, clock in and out, and only see what their role allows.',
  },
  {
    icon: ReceiptTextIcon,
    title: 'Close the day',
    text: 'Count the drawer and print the Z-report: takings by payment type, refunds and voids, ready for your books.',
  },
];

const INDUSTRIES: Item[] = [
  {
    icon: StoreIcon,
    title: 'Shops',
    text: 'Products, categories, barcodes and price labels, with customers and loyalty for the regulars.',
  },
  {
    icon: ChefHatIcon,
    title: 'Restaurant kitchens',
    text: 'Orders go from the counter to a kitchen display, so the line cooks see what to make next.',
  },
  {
    icon: WrenchIcon,
    title: 'Mechanic workshops',
    text: 'Vehicle services and appointments next to parts on the shelf, invoiced from the same place.',
  },
];

function ItemCard({ item }: { item: Item }) {
  const Icon = item.icon;
  return (
    <li className="grid gap-2 rounded-xl border bg-card p-5">
      <Icon aria-hidden="true" className="size-6" />
      <h3 className="font-semibold">{item.title}</h3>
      <p className="text-sm text-muted-foreground">{item.text}</p>
    </li>
  );
}

export function LandingRoute() {
  useDocumentTitle();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b">
        <div className="mx-auto flex w-full max-w-6xl items-center justify-between gap-4 px-4 py-2 sm:px-6">
          <BrandLink />
          <Link to={paths.auth} className={buttonVariants({ variant: 'outline' })}>
            Sign in
          </Link>
        </div>
      </header>

      <main className="flex-1">
        <section aria-labelledby="hero-title" className="mx-auto grid w-full max-w-6xl gap-6 px-4 py-16 sm:px-6 sm:py-24">
          <p className="text-sm font-medium text-muted-foreground">Point of sale and back office</p>
          <h1 id="hero-title" className="max-w-3xl text-4xl font-semibold tracking-tight sm:text-5xl">
            One till and one back office for your shop, kitchen or workshop.
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Till is the point of sale and back office for small businesses. Ring up sales, keep stock, run shifts and
            close the day with a Z-report, in the browser you already have.
          </p>
          <div className="flex flex-wrap gap-3">
            <Link to={`${paths.auth}?mode=signup`} className={buttonVariants({ size: 'lg' })}>
              Create your account
            </Link>
            <Link to={paths.auth} className={buttonVariants({ size: 'lg', variant: 'outline' })}>
              Sign in
            </Link>
          </div>
        </section>

        <section aria-labelledby="daily-title" className="border-t bg-muted/40">
          <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-16 sm:px-6">
            <div className="grid max-w-2xl gap-2">
              <h2 id="daily-title" className="text-2xl font-semibold tracking-tight">
                From the first sale to the Z-report
              </h2>
              <p className="text-muted-foreground">The work of a trading day, in one place.</p>
            </div>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {DAILY_WORK.map((item) => (
                <ItemCard key={item.title} item={item} />
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="industries-title">
          <div className="mx-auto grid w-full max-w-6xl gap-8 px-4 py-16 sm:px-6">
            <div className="grid max-w-2xl gap-2">
              <h2 id="industries-title" className="text-2xl font-semibold tracking-tight">
                Made for three kinds of business
              </h2>
              <p className="text-muted-foreground">
                Pick your industry when you sign up and Till shows the menus that fit. Switch features on or off as you
                grow.
              </p>
            </div>
            <ul className="grid gap-4 md:grid-cols-3">
              {INDUSTRIES.map((item) => (
                <ItemCard key={item.title} item={item} />
              ))}
            </ul>
          </div>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex w-full max-w-6xl flex-wrap items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:px-6">
          <p>Till — point of sale and back office for small businesses.</p>
          <Link to={paths.auth} className="inline-flex min-h-11 items-center font-medium text-foreground underline-offset-4 hover:underline">
            Sign in
          </Link>
        </div>
      </footer>
    </div>
  );
}
