import { describe, expect, it } from "vitest";
import { mailboxOf } from "~/forms/limits/mailbox";

describe("mailboxOf (the mailbox the newsletter's per-e-mail limit counts on)", () => {
  it("reads an address in any case as one mailbox", () => {
    expect(mailboxOf("Mia@Example.COM")).toBe("mia@example.com");
    expect(mailboxOf("  mia@example.com \n")).toBe("mia@example.com");
  });

  it("drops a plus tag, whatever follows it", () => {
    expect(mailboxOf("victim+1@example.com")).toBe("victim@example.com");
    expect(mailboxOf("victim+news+2025@example.com")).toBe("victim@example.com");
    expect(mailboxOf("victim+@example.com")).toBe("victim@example.com");
    expect(mailboxOf("Victim+Tag@Example.com")).toBe("victim@example.com");
  });

  it("drops the dots Gmail ignores, and reads googlemail.com as gmail.com", () => {
    expect(mailboxOf("v.i.c.t.i.m@gmail.com")).toBe("victim@gmail.com");
    expect(mailboxOf("Vic.Tim+x@GMail.com")).toBe("victim@gmail.com");
    expect(mailboxOf("victim@googlemail.com")).toBe("victim@gmail.com");
    expect(mailboxOf("v.ictim+list@googlemail.com")).toBe("victim@gmail.com");
  });

  it("keeps the dots of every other provider: there they name another mailbox", () => {
    expect(mailboxOf("first.last@example.com")).toBe("first.last@example.com");
    expect(mailboxOf("first.last@outlook.com")).toBe("first.last@outlook.com");
    // A subdomain or a look-alike is not Gmail.
    expect(mailboxOf("a.b@mail.gmail.com")).toBe("a.b@mail.gmail.com");
    expect(mailboxOf("a.b@gmail.com.example")).toBe("a.b@gmail.com.example");
    // Dots in the domain are the domain's own.
    expect(mailboxOf("a@mail.example.co.uk")).toBe("a@mail.example.co.uk");
  });

  it("reads a fully qualified domain without its final dot", () => {
    expect(mailboxOf("vic.tim@gmail.com.")).toBe("victim@gmail.com");
    expect(mailboxOf("victim+1@example.com.")).toBe("victim@example.com");
  });

  it("leaves odd input as it is, lower-cased, rather than read a mailbox into it", () => {
    expect(mailboxOf("")).toBe("");
    expect(mailboxOf("No-At-Sign")).toBe("no-at-sign");
    expect(mailboxOf("@example.com")).toBe("@example.com");
    expect(mailboxOf("victim@")).toBe("victim@");
    expect(mailboxOf("victim@.")).toBe("victim@.");
    // More than one @ (only a quoted local part has one): no telling where the mailbox ends.
    expect(mailboxOf("a+x@b@example.com")).toBe("a+x@b@example.com");
    // A local part that would be nothing once read: the address is its own mailbox.
    expect(mailboxOf("+tag@example.com")).toBe("+tag@example.com");
    expect(mailboxOf("...@gmail.com")).toBe("...@gmail.com");
    // A domain named like an object's own property is a domain like any other.
    expect(mailboxOf("a.b+c@constructor")).toBe("a.b@constructor");
  });

  it("gives one mailbox for every spelling of it", () => {
    const spellings = [
      "victim@gmail.com",
      "Victim@gmail.com",
      "v.ictim@gmail.com",
      "victim+1@gmail.com",
      "vi.c.tim+promo@googlemail.com",
      "VICTIM@GOOGLEMAIL.COM",
    ];
    expect(new Set(spellings.map(mailboxOf))).toEqual(new Set(["victim@gmail.com"]));
  });
});
