"""Independent oracles for ilpc's generated code.

Nothing in this package imports ``ilpc``: the ASN.1 is read with asn1tools' parser,
the XDR primitives come from xdrlib3, and the mapping is written from docs/mapping.md
alone, so that a disagreement with ilpc points at one of the two.

- ``asn1_xdr``: an XDR codec for any type of a spec (encode, strict canonical decode).
- ``values``: seeded generators of valid values, biased towards boundaries.
- ``rpcgen``: a C driver around rpcgen's ``xdr_<Type>`` routines.
- ``tlv``: where the elements of BER octets are (identifier, length, contents).
"""
