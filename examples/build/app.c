/*
 * A small C program using stubs that ilpc generates: it encodes a Session Hello and a
 * FileTransfer Request (inside a Message), decodes them again and checks the round trip.
 * Built three ways: cmake/CMakeLists.txt, make/Makefile and simple/build.sh.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "FileTransfer.h" /* from examples/filetransfer/filetransfer.asn1 */
#include "Session.h"      /* from specs/session.asn1, which imports specs/common/Common.asn1 */

static int check(int rc, const char *what)
{
    if (rc != ILPC_OK) {
        fprintf(stderr, "app_c: %s: %s\n", what, ilpc_xdr_strerror(rc));
        exit(1);
    }
    return rc;
}

int main(void)
{
    char host[] = "client.example";
    Session_Hello hello = {
        .client = {.host = {.len = sizeof host - 1, .data = host}, .port = 4242},
        .started = {.seconds = 1700000000u, .nanos = 5},
        .version = 1,
    };
    uint8_t hbuf[Session_Hello_MAX_SIZE];
    size_t hlen;
    check(Session_Hello_encode(&hello, hbuf, sizeof hbuf, &hlen), "encode Hello");
    Session_Hello hello2;
    check(Session_Hello_decode(&hello2, hbuf, hlen), "decode Hello");
    int ok = hello2.client.port == 4242 && hello2.version == 1 &&
             strcmp(hello2.client.host.data, "client.example") == 0;
    Session_Hello_free(&hello2);

    char name[] = "README.md";
    FileTransfer_Message msg = {.which = FileTransfer_Message_PR_request};
    msg.u.request.file_name.len = sizeof name - 1;
    msg.u.request.file_name.data = name;
    msg.u.request.copies = 2;
    msg.u.request.max_reply = 4096;
    size_t cap = FileTransfer_Message_size(&msg), len;
    uint8_t *buf = malloc(cap);
    if (buf == NULL)
        return 1;
    check(FileTransfer_Message_encode(&msg, buf, cap, &len), "encode Message");
    FileTransfer_Message back;
    check(FileTransfer_Message_decode(&back, buf, len), "decode Message");
    ok = ok && back.which == FileTransfer_Message_PR_request && back.u.request.copies == 2 &&
         back.u.request.max_reply == 4096 && strcmp(back.u.request.file_name.data, name) == 0;
    FileTransfer_Message_free(&back);
    free(buf);

    printf("app_c: Hello %zu bytes, Request %zu bytes: %s\n", hlen, len, ok ? "round trip ok" : "MISMATCH");
    return ok ? 0 : 1;
}
