package sync

import (
	"crypto/md5"
	"encoding/hex"
	"math/rand"
	"strings"
	"testing"
)

// The test suite of RFC 1321, appendix A.5.
func TestMD5Vectors(t *testing.T) {
	cases := map[string]string{
		"":                           "d41d8cd98f00b204e9800998ecf8427e",
		"a":                          "0cc175b9c0f1b6a831c399e269772661",
		"abc":                        "900150983cd24fb0d6963f7d28e17f72",
		"message digest":             "f96b697d7cb7938d525a2f31aaf161d0",
		"abcdefghijklmnopqrstuvwxyz": "c3fcd3d76192e4007dfb496cca67e13b",
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789": "d174ab98d277d9f5a5611c2c9f419d9f",
		strings.Repeat("1234567890", 8):                                  "57edf4a22be3c955ac49da2e2107b67a",
	}
	for in, want := range cases {
		sum := md5Sum([]byte(in))
		if got := hex.EncodeToString(sum[:]); got != want {
			t.Errorf("md5(%q) = %s, want %s", in, got, want)
		}
	}
}

// Every length around the padding boundaries, and random input, agrees
// with the standard library.
func TestMD5MatchesStdlib(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for n := 0; n < 300; n++ {
		b := make([]byte, n)
		r.Read(b)
		if md5Sum(b) != md5.Sum(b) {
			t.Fatalf("length %d: digest differs from crypto/md5", n)
		}
	}
}

func BenchmarkMD5Template(b *testing.B) {
	data := []byte(strings.Repeat(`{"metadata":{"labels":{"app":"x"}},"data":{"a":"1"}}`, 8))
	b.SetBytes(int64(len(data)))
	for i := 0; i < b.N; i++ {
		md5Sum(data)
	}
}
