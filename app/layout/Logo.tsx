/** The product mark: a keyhole inside a shield. */
export function Logo() {
  return (
    <svg
      className="logo__mark"
      width="32"
      height="32"
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M16 2l12 4.5v9c0 7-5.1 12.6-12 14.5C9.1 28.1 4 22.5 4 15.5v-9L16 2z"
        fill="rgb(15,135,215)"
      />
      <circle cx="16" cy="13.5" r="3.5" fill="#fff" />
      <path d="M14.4 15.5h3.2l1 7h-5.2z" fill="#fff" />
    </svg>
  );
}
