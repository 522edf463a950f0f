package explorer

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// fastReq has a fast decoder that reads {"n":1} and declines the rest.
type fastReq struct {
	N    int `json:"n"`
	Fast bool
}

// embedsFastReq is decoded by encoding/json: the fast decoder is fastReq's
// own.
type embedsFastReq struct {
	fastReq
}

func init() {
	RegisterFastDecoder(func(data []byte, r *fastReq) bool {
		if string(data) != `{"n":1}` {
			return false
		}
		*r = fastReq{N: 1, Fast: true}
		return true
	})
}

// TestDecodeRequestFastDecoder: a request type with a fast decoder is
// decoded by it when it accepts the JSON; otherwise, and for other types,
// encoding/json decodes it, with its errors.
func TestDecodeRequestFastDecoder(t *testing.T) {
	var r fastReq
	assert.NoError(t, decodeRequest([]byte(`{"n":1}`), &r))
	assert.Equal(t, fastReq{N: 1, Fast: true}, r)
	r = fastReq{}
	assert.NoError(t, decodeRequest([]byte(` {"n": 2} `), &r))
	assert.Equal(t, fastReq{N: 2}, r)
	err := decodeRequest([]byte(`{"m":1}`), &fastReq{})
	if assert.Error(t, err) {
		assert.Equal(t, `bad_request: decoding the request: json: unknown field "m"`, err.Error())
	}
	var e embedsFastReq
	assert.NoError(t, decodeRequest([]byte(`{"n":1}`), &e))
	assert.Equal(t, embedsFastReq{fastReq{N: 1}}, e)
}
