package explorer

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// fastReq reads the requests {"n":N} itself (a FastDecoder) and declines
// the others.
type fastReq struct {
	N    int `json:"n"`
	Fast bool
}

func (r *fastReq) DecodeJSON(data []byte) bool {
	if string(data) != `{"n":1}` {
		return false
	}
	*r = fastReq{N: 1, Fast: true}
	return true
}

// TestDecodeRequestFastDecoder: a request that decodes itself does so
// when it accepts the JSON; otherwise encoding/json decodes it, with its
// errors.
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
}
