#!/usr/bin/env python3
"""Verifies the DKIM signature of the message on stdin with dkimpy, a maintained verifier.

    dkim-verify.py NAME RECORD < message.eml

NAME is the key's DNS name (`selector._domainkey.domain`) and RECORD its TXT record
(`v=DKIM1; k=rsa; p=...`): the verifier's DNS lookups are answered from these, so the test needs
no DNS. Prints the signature's `d=`, `s=` and `h=` tags and exits 0 when the signature verifies, 1
when it does not, 2 when the message has none.
"""
import sys

import dkim


def main() -> int:
    name, record = sys.argv[1].rstrip("."), sys.argv[2]
    message = sys.stdin.buffer.read()

    def dnsfunc(qname, timeout=5):
        asked = qname.decode() if isinstance(qname, bytes) else qname
        return record.encode() if asked.rstrip(".").lower() == name.lower() else None

    signature = next((v for k, v in dkim.rfc822_parse(message)[0] if k.lower() == b"dkim-signature"), None)
    if signature is None:
        print("no DKIM-Signature header")
        return 2
    tags = dict(
        part.strip().split("=", 1) for part in signature.decode().replace("\r\n", "").split(";") if "=" in part
    )
    print(f"d={tags.get('d')} s={tags.get('s')} h={''.join(tags.get('h', '').split())}")
    if dkim.verify(message, dnsfunc=dnsfunc):
        print("pass")
        return 0
    print("fail")
    return 1


if __name__ == "__main__":
    sys.exit(main())
