"""ilpc: an ASN.1/XDR stub compiler with an Integrated Layer Processing back end."""
__version__ = "0.1.0"
