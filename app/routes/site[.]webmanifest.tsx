import { publicBrand } from "~/config/brand.server";

export function loader() {
  const brand = publicBrand();
  return new Response(
    JSON.stringify({
      name: brand.name,
      short_name: brand.name,
      icons: [{ src: "/favicon.svg", sizes: "any", type: "image/svg+xml" }],
      theme_color: "#0f87d7",
      background_color: "#ffffff",
      display: "browser",
    }),
    {
      headers: {
        "Content-Type": "application/manifest+json",
        "Cache-Control": "public, max-age=3600",
      },
    },
  );
}
