// A small C++ program using the same C stubs (their headers have extern "C"): it encodes a
// Session Hello and FileTransfer Replies and an ErrorReply (inside Messages), decodes them
// again and checks the round trip.  Built three ways, like app.c.
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include "FileTransfer.h"
#include "Session.h"

namespace {

void check(int rc, const char *what)
{
    if (rc != ILPC_OK)
        throw std::runtime_error(std::string(what) + ": " + ilpc_xdr_strerror(rc));
}

// Encode a Message into a buffer of exactly its encoded size.
std::vector<std::uint8_t> encode(const FileTransfer_Message &m)
{
    std::vector<std::uint8_t> buf(FileTransfer_Message_size(&m));
    std::size_t len = 0;
    check(FileTransfer_Message_encode(&m, buf.data(), buf.size(), &len), "encode Message");
    buf.resize(len);
    return buf;
}

// Decoded values own memory that the stubs allocated: free it when the wrapper goes.
struct Decoded {
    FileTransfer_Message m{};
    explicit Decoded(const std::vector<std::uint8_t> &buf)
    {
        check(FileTransfer_Message_decode(&m, buf.data(), buf.size()), "decode Message");
    }
    ~Decoded() { FileTransfer_Message_free(&m); }
    Decoded(const Decoded &) = delete;
    Decoded &operator=(const Decoded &) = delete;
};

}  // namespace

int main()
try {
    std::string host = "server.example";
    Session_Hello hello{};
    hello.client.host.len = static_cast<std::uint32_t>(host.size());
    hello.client.host.data = host.data();
    hello.client.port = 21;
    hello.version = 2;
    std::vector<std::uint8_t> hbuf(Session_Hello_size(&hello));
    std::size_t hlen = 0;
    check(Session_Hello_encode(&hello, hbuf.data(), hbuf.size(), &hlen), "encode Hello");
    Session_Hello hello2{};
    check(Session_Hello_decode(&hello2, hbuf.data(), hlen), "decode Hello");
    bool ok = std::string(hello2.client.host.data, hello2.client.host.len) == host && hello2.version == 2;
    Session_Hello_free(&hello2);

    // A file in two Replies, the second one last.
    std::string file = "hello, world\n";
    std::string received;
    for (std::uint32_t seq = 0; seq < 2; seq++) {
        std::string piece = seq == 0 ? file.substr(0, 6) : file.substr(6);
        FileTransfer_Message m{};
        m.which = FileTransfer_Message_PR_reply;
        m.u.reply.sequence_number = seq;
        m.u.reply.last = seq == 1;
        m.u.reply.data.len = static_cast<std::uint32_t>(piece.size());
        m.u.reply.data.data = reinterpret_cast<std::uint8_t *>(piece.data());
        Decoded d(encode(m));
        ok = ok && d.m.which == FileTransfer_Message_PR_reply && d.m.u.reply.sequence_number == seq;
        received.append(reinterpret_cast<const char *>(d.m.u.reply.data.data), d.m.u.reply.data.len);
    }
    ok = ok && received == file;

    std::string text = "no such file";
    FileTransfer_Message e{};
    e.which = FileTransfer_Message_PR_error;
    e.u.error.code = FileTransfer_ErrorReply_code_no_such_file;
    e.u.error.text.len = static_cast<std::uint32_t>(text.size());
    e.u.error.text.data = text.data();
    Decoded de(encode(e));
    ok = ok && de.m.u.error.code == FileTransfer_ErrorReply_code_no_such_file &&
         std::string(de.m.u.error.text.data) == text;

    std::printf("app_cpp: Hello %zu bytes, %zu file bytes in 2 Replies, 1 ErrorReply: %s\n", hlen,
                received.size(), ok ? "round trip ok" : "MISMATCH");
    return ok ? 0 : 1;
} catch (const std::exception &ex) {
    std::fprintf(stderr, "app_cpp: %s\n", ex.what());
    return 1;
}
