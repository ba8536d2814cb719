let quotes = /"""/
import Networking
// """
