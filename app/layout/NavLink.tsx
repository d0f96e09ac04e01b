import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { classifyLink } from "~/blocks/links";
import { useSiteData } from "~/root-data";

/** A navigation or footer link from the site data: localized when internal, plain when not. */
export function NavLink({
  to,
  className,
  children,
}: {
  to: string;
  className?: string;
  children: ReactNode;
}) {
  const { lang, brand } = useSiteData();
  const target = classifyLink(to, { lang, providerApiPrefix: `/api/${brand.provider}` });
  if (target.kind === "internal") {
    return (
      <Link to={target.to} className={className} prefetch="intent">
        {children}
      </Link>
    );
  }
  if (target.kind === "external") {
    const web = /^https?:/i.test(target.href);
    return (
      <a href={target.href} className={className} {...(web ? { rel: "noopener" } : {})}>
        {children}
      </a>
    );
  }
  return <span className={className}>{children}</span>;
}
