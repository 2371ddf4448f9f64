"""team"""
