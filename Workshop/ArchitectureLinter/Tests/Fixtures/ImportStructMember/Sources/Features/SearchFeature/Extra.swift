import struct Networking.HTTPClient

func fetch() {}
