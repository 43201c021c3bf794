"""Recursion (recursion.asn1): through an alias, built on its own with gcc and clang
(moved from tests/test_codegen_bugs.py: B's struct used A before its typedef), and a
mandatory component held by a pointer, through the shared harness."""
import pytest

from cprogram import CCS, build, generate, run_program


# ------------------------------------------------------------ 3. recursion through an alias

ALIAS_SPEC = """R DEFINITIONS AUTOMATIC TAGS ::= BEGIN
  A ::= B
  B ::= SEQUENCE { n INTEGER (0..255), a A OPTIONAL }
  List ::= Node
  Node ::= SEQUENCE { kids SEQUENCE (SIZE(0..8)) OF List, tag INTEGER (0..9) }
  Expr ::= Term
  Term ::= CHOICE { leaf INTEGER (0..99), neg Expr, pair SEQUENCE { l Expr, r Expr } }
  Hold ::= SEQUENCE { a A, e Expr }
END
"""


@pytest.mark.cbuild
@pytest.mark.parametrize("cc", CCS)
def test_recursion_through_an_alias(tmp_path, tmp_path_factory, cc):
    out = generate(tmp_path, {"r.asn1": ALIAS_SPEC})
    build(out, cc, tmp_path_factory)
    run_program(tmp_path, out, cc, "r", r"""#include "R.h"
#include <stdio.h>
#include <string.h>
int main(void) {
    /* A is B: a chain of three through the OPTIONAL A */
    R_B third = { 3, NULL }, second = { 2, &third };
    R_A first = { 1, &second };
    uint8_t buf[1024]; size_t n = 0;
    if (R_A_encode(&first, buf, sizeof buf, &n) != ILPC_OK || n != R_A_size(&first) || n != 24) return 1;
    R_A d;
    if (R_A_decode(&d, buf, n) != ILPC_OK || d.n != 1 || d.a == NULL || d.a->n != 2 || d.a->a == NULL
        || d.a->a->n != 3 || d.a->a->a != NULL) return 2;
    R_A_free(&d);
    R_B b;  /* the same bytes are a B */
    if (R_B_decode(&b, buf, n) != ILPC_OK || b.a->a->n != 3) return 3;
    R_B_free(&b);

    /* a tree through SEQUENCE OF List, List being Node */
    R_List leaves[2];
    memset(leaves, 0, sizeof leaves);
    leaves[0].tag = 4; leaves[1].tag = 5;
    R_Node root; memset(&root, 0, sizeof root);
    root.tag = 9; root.kids.count = 2; root.kids.items = leaves;
    if (R_List_encode(&root, buf, sizeof buf, &n) != ILPC_OK) return 4;
    R_List t;
    if (R_List_decode(&t, buf, n) != ILPC_OK || t.tag != 9 || t.kids.count != 2 || t.kids.items[1].tag != 5) return 5;
    R_List_free(&t);

    /* -(1, 2) through a CHOICE whose arms hold the alias Expr */
    R_Term pair, neg;
    R_Term_pair both;
    memset(&both, 0, sizeof both); memset(&pair, 0, sizeof pair); memset(&neg, 0, sizeof neg);
    both.l.which = R_Term_PR_leaf; both.l.u.leaf = 1;
    both.r.which = R_Term_PR_leaf; both.r.u.leaf = 2;
    pair.which = R_Term_PR_pair; pair.u.pair = &both;
    neg.which = R_Term_PR_neg; neg.u.neg = &pair;
    R_Hold h; memset(&h, 0, sizeof h);
    h.a = first; h.e = neg;
    if (R_Hold_encode(&h, buf, sizeof buf, &n) != ILPC_OK || n != R_Hold_size(&h)) return 6;
    R_Hold g;
    if (R_Hold_decode(&g, buf, n) != ILPC_OK || g.a.a->a->n != 3 || g.e.which != R_Term_PR_neg
        || g.e.u.neg->which != R_Term_PR_pair || g.e.u.neg->u.pair->r.u.leaf != 2) return 7;
    R_Hold_free(&g);
    puts("ok");
    return 0;
}
""")


@pytest.mark.cbuild
@pytest.mark.sanitizers
def test_ilpc_bug_mandatory_component_held_by_pointer_is_never_allocated(tmp_path_factory):
    """ILPC BUG (reported; moved from tests/test_xdr_oracle.py): a mandatory SEQUENCE component that analysis holds through
    a pointer to break a by-value recursion (Chain.head below) is never allocated by
    the decoder: Chain_get calls Link_get(r, &(*v->head)) with v->head == NULL, a NULL
    dereference (UBSan: member access within null pointer) on the valid input
    00000000 00000000 (head = end, tag = FALSE)."""
    from conftest import check_clean_exit, constructs_harness, run_harness
    from test_stages import oracle
    harness = constructs_harness(tmp_path_factory)
    data = oracle("recursion").type("ConsRecursion.Chain").encode({"head": ("end", None), "tag": False})
    assert data.hex() == "00000000" "00000000"
    r = run_harness(harness, "ConsRecursion.Chain", data)
    check_clean_exit(r, "ConsRecursion.Chain")
    assert (r.returncode, r.stdout.hex()) == (0, data.hex())
